import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server on 127.0.0.1 (port 0: any free one) that hands every message, parsed, to
 * `onMail`. Resolves once it listens, with the server and its port.
 */
export async function catchMail(onMail: (mail: ParsedMail) => void, port = 0): Promise<{ server: SMTPServer; port: number }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(onMail)
        .then(() => callback(), callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { server, port: (server.server.address() as AddressInfo).port };
}
