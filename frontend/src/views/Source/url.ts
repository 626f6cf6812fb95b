/** Whether url is an absolute http(s) link with a host: the only kind "Open in browser" is offered for. */
export function isWebUrl(url: string | undefined): boolean {
  if (!url) return false;
  try {
    const u = new URL(url);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}
