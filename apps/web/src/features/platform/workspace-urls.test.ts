import { describe, expect, it } from 'vitest';
import { normalizeWorkspaceUrls } from './workspace-urls.ts';

describe('normalizeWorkspaceUrls', () => {
  it('keeps bare hosts, each once, in the order typed', () => {
    expect(
      normalizeWorkspaceUrls([' Acme.localhost:3000 ', 'https://globex.example.com/', 'acme.localhost:3000', '']),
    ).toEqual(['acme.localhost:3000', 'globex.example.com']);
  });
  it('gives an empty list (every workspace) for nothing typed', () => {
    expect(normalizeWorkspaceUrls(['  '])).toEqual([]);
  });
});
