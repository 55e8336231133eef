import type { CampusDto } from '@common/schemas/campus';
import { FeatureList } from '../components/FeatureList';
import { HowItWorks } from '../components/HowItWorks';
import { SchoolGrid } from '../components/SchoolGrid';
import { WelcomeFaq } from '../components/WelcomeFaq';
import { WelcomeHero } from '../components/WelcomeHero';

/**
 * /home on the generic campus (spec core §2 "Feed (home)"): no feed, but a
 * welcome that sends newcomers to their school's own site.
 *
 * `userCampus` is the signed-in, school-verified visitor's campus; with it
 * "View Your Campus" opens that site directly. Until accounts exist every
 * visitor is signed out and it goes to the school finder.
 */
export function WelcomePage({ userCampus = null }: { userCampus?: CampusDto | null }) {
  return (
    <>
      <WelcomeHero userCampus={userCampus} />
      <HowItWorks />
      <FeatureList />
      <SchoolGrid />
      <WelcomeFaq />
    </>
  );
}
