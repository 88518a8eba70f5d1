/** Where the forge serves the generated avatar of a user or organization. */
export function avatarUrl(publicUrl: string, path: string): string {
  return `${publicUrl}/-/avatars/${encodeURIComponent(path.toLowerCase())}.svg`;
}
