import { defineConfig } from 'vitest/config';

// The players' logic that works on an item's XML, tested in jsdom (the browser's DOMParser and DOM).
export default defineConfig({
  test: {
    name: 'players',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['qti/**/*.test.ts', 'scorm/**/*.test.ts'],
  },
});
