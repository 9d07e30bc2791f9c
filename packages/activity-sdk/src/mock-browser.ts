// Entry of dist/prova-mock-host.js, the script of the mock page (mock/index.html).
import { MOCK_SAMPLES, MOCK_SESSION, createMockHost, withHostOrigin } from './mock-host';

Object.assign(globalThis, { ProvaMockHost: { createMockHost, withHostOrigin, MOCK_SESSION, MOCK_SAMPLES } });
