/// <reference types="@remix-run/node" />
/// <reference types="vite/client" />

// Loader and action data are typed as single fetch (turbo-stream) delivers them.
declare module "@remix-run/server-runtime" {
  interface Future {
    v3_singleFetch: true;
  }
}

export {};
