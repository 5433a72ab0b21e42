import type { FarmClusterWire } from "#contract/operators.ts";

/** What each signal means, in the operators' words (docs/decisions/064 gives the weights' reasons). */
const SIGNALS: Record<string, string> = {
  shared_device: "Signed up or in from one device",
  ip_prefix: "From one network (a /24 or /48), close in time",
  inviter_burst: "A burst of sign-ups under one inviter",
  same_mailbox: "One mailbox behind several addresses",
  email_sequence: "Numbered addresses at one domain",
  disposable_domain: "Throwaway-mail addresses",
  start_only_tree: "Invitees who only ever started the airdrop",
  identical_timing: "The same gaps between actions, to the second",
};

const signalName = (signal: string) => SIGNALS[signal] ?? signal;

type Part = FarmClusterWire["parts"][number];

/** A score in its parts: which signals, their weights, how many members each covers, the points. */
export function ScoreParts({ cluster }: { cluster: FarmClusterWire }) {
  return (
    <div className="table-scroll">
      <table className="audit">
        <caption>
          Score {cluster.score} from {cluster.parts.length} signals
        </caption>
        <thead>
          <tr>
            <th scope="col">Signal</th>
            <th scope="col">Weight</th>
            <th scope="col">Members it names</th>
            <th scope="col">Points</th>
          </tr>
        </thead>
        <tbody>
          {cluster.parts.map((part) => (
            <tr key={part.signal}>
              <td>{signalName(part.signal)}</td>
              <td>{part.weight}</td>
              <td>
                {part.covered} of {cluster.members.length}
              </td>
              <td>{part.points}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One signal's evidence, each piece as the fields that tie its accounts (a device id, a network's hash, the times). */
export function Evidence({ part }: { part: Part }) {
  return (
    <section aria-labelledby={`evidence-${part.signal}`}>
      <h3 id={`evidence-${part.signal}`}>{signalName(part.signal)}</h3>
      <ul>
        {part.evidence.map((piece, index) => {
          const { signal: _signal, members, ...facts } = piece;
          return (
            <li key={index} className="break">
              {members.length} accounts ({members.join(", ")}):{" "}
              <code>
                {Object.entries(facts)
                  .map(([name, value]) => `${name} ${Array.isArray(value) ? value.join("/") : String(value)}`)
                  .join("; ")}
              </code>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
