import { FeatureList } from '../components/FeatureList';
import { HowItWorks } from '../components/HowItWorks';
import { SchoolGrid } from '../components/SchoolGrid';
import { WelcomeFaq } from '../components/WelcomeFaq';
import { WelcomeHero } from '../components/WelcomeHero';

/**
 * /home on the generic campus: no feed, but a
 * welcome that sends newcomers to their school's own site.
 */
export function WelcomePage() {
  return (
    <>
      <WelcomeHero />
      <HowItWorks />
      <FeatureList />
      <SchoolGrid />
      <WelcomeFaq />
    </>
  );
}
