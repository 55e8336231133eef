import type { Me } from '@common/schemas/auth';
import type { CampusDto } from '@common/schemas/campus';
import type { PostList } from '@common/schemas/posts';
import { api } from './api';

export interface BootData {
  campus: CampusDto;
  /** The signed-in user (or null) at page load, so the first paint needs no request. */
  me: Me;
  /** /home for a signed-in student: the first page of the feed, so it paints with the page. */
  feed?: PostList;
}

/**
 * The server writes the campus of the host and the session into the page
 * (#quad-boot). The Vite dev server does not, so then the app asks the API.
 */
export async function readBootData(): Promise<BootData> {
  const element = document.getElementById('quad-boot');
  if (element?.textContent) {
    const feed = document.getElementById('quad-feed')?.textContent;
    return {
      ...(JSON.parse(element.textContent) as BootData),
      ...(feed ? { feed: JSON.parse(feed) as PostList } : {}),
    };
  }
  const [campus, me] = await Promise.all([api<CampusDto>('/api/campus'), api<Me>('/api/me')]);
  const root = document.documentElement.style;
  root.setProperty('--brand', campus.theme.primary);
  root.setProperty('--on-brand', campus.theme.onPrimary);
  root.setProperty('--accent', campus.theme.accent);
  document.title = campus.productName;
  return { campus, me };
}
