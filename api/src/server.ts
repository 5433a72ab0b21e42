import closeWithGrace from "close-with-grace";
import { ConfigError, loadApiConfig } from "./config.ts";
import { startApi } from "./start.ts";

/** Standalone entry: the API alone, for running it apart from the web app. */
try {
  const api = await startApi(loadApiConfig());
  closeWithGrace({ delay: 10_000 }, async () => api.close());
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
