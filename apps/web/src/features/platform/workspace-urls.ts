/**
 * Workspace addresses as the operator typed them, ready to send: trimmed, lower case, without a
 * scheme or trailing slash, each once, blanks dropped.
 */
export function normalizeWorkspaceUrls(values: readonly string[]): string[] {
  const cleaned = values.map((v) =>
    v
      .trim()
      .toLowerCase()
      .replace(/^https?:\/\//, '')
      .replace(/\/+$/, ''),
  );
  return [...new Set(cleaned.filter(Boolean))];
}
