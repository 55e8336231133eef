/** Files run two at a time, which fits two cores; each worker has its own server and browser. */
export const E2E_WORKERS = 2;
