import { createContext, useContext } from "react";

/** The per-response CSP nonce, from server.ts through the load context to every script tag. */
export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);
