import type { CampusDto } from '@common/schemas/campus';

export interface BootData {
  campus: CampusDto;
}

/**
 * The server writes the campus of the host into the page (#quad-boot), so the
 * first paint has the right name and colours. The Vite dev server does not,
 * so then the app asks the API.
 */
export async function readBootData(): Promise<BootData> {
  const element = document.getElementById('quad-boot');
  if (element?.textContent) return JSON.parse(element.textContent) as BootData;
  const response = await fetch('/api/campus', { headers: { accept: 'application/json' } });
  const campus = (await response.json()) as CampusDto;
  const root = document.documentElement.style;
  root.setProperty('--brand', campus.theme.primary);
  root.setProperty('--on-brand', campus.theme.onPrimary);
  root.setProperty('--accent', campus.theme.accent);
  document.title = campus.productName;
  return { campus };
}
