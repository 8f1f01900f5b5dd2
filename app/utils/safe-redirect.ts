/**
 * Only same-site paths: after a form post or sign-in, never send a user to another host
 * ("//evil.example", "/\\evil.example") or a path with control characters.
 */
export function sameSitePath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string") return fallback;
  const path = value.trim();
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\") || /[\u0000-\u001f]/.test(path)) {
    return fallback;
  }
  return path;
}
