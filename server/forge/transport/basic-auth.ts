/**
 * The token in a git client's Authorization header: Basic with any username and the
 * token as password (docs/architecture.md#the-forge), or Bearer. `undefined` when there
 * is no header; `null` when there is one the forge cannot read.
 */
export function tokenFromAuthorization(header: string | undefined): string | null | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const bearer = /^(?:Bearer|token)\s+(\S+)\s*$/i.exec(header);
  if (bearer) return bearer[1];
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!basic) return null;
  const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const user = colon === -1 ? decoded : decoded.slice(0, colon);
  const password = colon === -1 ? '' : decoded.slice(colon + 1);
  // Some clients put the token in the username and leave the password empty.
  const token = password !== '' ? password : user;
  return token === '' ? null : token;
}
