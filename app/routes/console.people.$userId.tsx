import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorCode } from "#contract/errors.ts";
import { routes } from "#contract/routes.ts";
import { ApiError } from "#app/utils/api.server.ts";
import { callConsole, postedForm, refusal } from "#app/features/console/console-session.server.ts";
import { NoteField, ReasonSelect } from "#app/features/console/fields.tsx";
import { PersonLink, personPath, stateOf } from "#app/features/console/people.tsx";
import { languageLabel } from "#app/features/console/people.server.ts";
import { banReasons, banWords, photoWords } from "#app/features/console/reasons.server.ts";
import { utcMinute } from "#app/features/console/utc-minute.ts";

const spec = routes.operators.person;

/** An id the API would refuse is nobody too: the same page as an unknown one, never a fault. */
const nobody = () => data({ person: null, reasons: banReasons }, { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = spec.params.safeParse({ user_id: params.userId });
  if (!id.success) return nobody();
  const cursor = spec.query.safeParse({ ledger_cursor: new URL(request.url).searchParams.get("ledger") ?? undefined });
  try {
    const { person } = await callConsole(request, spec, {
      params: { user_id: id.data.user_id },
      query: cursor.success && cursor.data.ledger_cursor ? { ledger_cursor: cursor.data.ledger_cursor } : {},
    });
    return {
      person: {
        ...person,
        language: languageLabel(person.ui_lang),
        banWords: person.banned_at === null ? null : banWords(person.ban_reason),
        application: person.application && { ...person.application, reasonWords: photoWords(person.application.reason) },
      },
      olderFrom: cursor.success ? (cursor.data.ledger_cursor ?? null) : null,
      reasons: banReasons,
    };
  } catch (error) {
    if (error instanceof ApiError && error.code === ErrorCode.personNotFound) return nobody();
    throw error;
  }
}

/** What a form on this page asks for: the account's ban or its lifting, or a device's. */
const INTENTS = ["ban", "unban", "ban-device", "unban-device"] as const;

/** One act, checked by the API's own schemas before it is sent; done, back to the page (post, redirect, get). */
export async function action({ request, params }: ActionFunctionArgs) {
  const id = spec.params.safeParse({ user_id: params.userId });
  const form = await postedForm(request);
  if (!id.success) return { error: "No such person." };
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const intent = INTENTS.find((name) => name === text("intent"));
  const banned = intent === "ban" || intent === "ban-device";
  const reasoned = banned
    ? { banned: true as const, reason: text("reason"), note: text("note") }
    : { banned: false as const, note: text("note") };
  try {
    if (intent === "ban" || intent === "unban") {
      const body = routes.operators.banPerson.body.safeParse(reasoned);
      if (!body.success) return { error: "Choose a reason from the list (and keep the note under 500 characters)." };
      await callConsole(request, routes.operators.banPerson, { params: { user_id: id.data.user_id }, body: body.data });
    } else if (intent === "ban-device" || intent === "unban-device") {
      const body = routes.operators.banDevice.body.safeParse({ ...reasoned, did: text("did") });
      if (!body.success) return { error: "Choose a reason from the list (and keep the note under 500 characters)." };
      await callConsole(request, routes.operators.banDevice, { body: body.data });
    } else {
      return { error: "That form is not one of this page's." };
    }
  } catch (error) {
    return refusal(error);
  }
  return redirect(personPath(id.data.user_id));
}

type Person = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["person"]>;

function Fact({ term, wide, children }: { term: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <div className={wide ? "facts__wide" : undefined}>
      <dt>{term}</dt>
      <dd className="break">{children}</dd>
    </div>
  );
}

const yes = (value: boolean) => (value ? "Yes" : "No");
const seen = (at: number | null) => (at === null ? "not known" : utcMinute(at));

/** One person as a whole: who, their standing, devices, sign-ins, team, ledger, application and appeals. */
export default function ConsolePerson() {
  const { person, reasons, ...page } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  if (!person) {
    return (
      <main className="console__main">
        <h1>No such person</h1>
        <p>
          No account has this id. <Link to="/console/people">Search for people</Link>
        </p>
      </main>
    );
  }
  const olderFrom = "olderFrom" in page ? page.olderFrom : null;
  return (
    <main className="console__main person">
      <p>
        <Link to="/console/people">People</Link>
      </p>
      <h1 className="break">
        {person.display_id} <span className="person__email">{person.email || "(e-mail removed)"}</span>
      </h1>
      {failed?.error ? (
        <p className="notice notice--warn" role="alert">
          {failed.error}
        </p>
      ) : null}
      <dl className="facts facts--grid card">
        <Fact term="Id">{person.user_id}</Fact>
        <Fact term="Name">{person.name || "(none)"}</Fact>
        <Fact term="Invite code">{person.invite_code}</Fact>
        <Fact term="Joined">{utcMinute(person.created_at)}</Fact>
        <Fact term="Language">{person.language}</Fact>
        <Fact term="Balance">{person.vv} VV</Fact>
        <Fact term="Own power">{person.power}</Fact>
        <Fact term="State" wide={person.banWords !== null}>
          {stateOf(person)}
          {person.banWords ? (
            <>
              <br />
              <span className="person__reason">Reason: {person.banWords}</span>
            </>
          ) : null}
        </Fact>
      </dl>
      <AccountBan person={person} reasons={reasons} />
      <Devices person={person} reasons={reasons} />
      <SignIns person={person} />
      <Team person={person} />
      <Ledger person={person} olderFrom={olderFrom} />
      <Application person={person} />
      <Appeals person={person} />
    </main>
  );
}

function AccountBan({ person, reasons }: { person: Person; reasons: typeof banReasons }) {
  if (person.banned_at !== null) {
    return (
      <Form method="post" className="form card console__narrow" aria-labelledby="unban-heading">
        <h2 id="unban-heading">Lift the ban</h2>
        <p>
          The account can sign in again at once and mints from the next round; nothing it lost comes back. A waiting appeal is answered as
          lifted, and its owner mailed so.
        </p>
        <input type="hidden" name="intent" value="unban" />
        <NoteField id="unban-note" />
        <button type="submit" className="button">
          Unban
        </button>
      </Form>
    );
  }
  return (
    <Form method="post" className="form card console__narrow" aria-labelledby="ban-heading">
      <h2 id="ban-heading">Ban the account</h2>
      <p>
        Its sign-ins end now, its airdrop stops, its forming exchange and unused gift boxes end. Its owner reads the reason in their
        language and may appeal.
      </p>
      <input type="hidden" name="intent" value="ban" />
      <ReasonSelect id="ban-reason" label="Reason (the user reads it)" reasons={reasons} />
      <NoteField id="ban-note" />
      <button type="submit" className="button button--danger">
        Ban this account
      </button>
    </Form>
  );
}

function Devices({ person, reasons }: { person: Person; reasons: typeof banReasons }) {
  return (
    <section aria-labelledby="devices">
      <h2 id="devices">Devices ({person.devices.length})</h2>
      {person.devices.length === 0 ? <p>No device is known.</p> : null}
      <ul className="review-list">
        {person.devices.map((device, index) => (
          <li key={device.did}>
            <article className="card" aria-labelledby={`device-${index}`}>
              <h3 id={`device-${index}`} className="break">
                <code>{device.did}</code>
              </h3>
              <dl className="facts facts--grid">
                <Fact term="Registered here">{yes(device.registered_here)}</Fact>
                <Fact term="First seen">{seen(device.first_seen)}</Fact>
                <Fact term="Last seen">{seen(device.last_seen)}</Fact>
                <Fact term="Open sessions">{device.sessions}</Fact>
                <Fact term="Banned">{device.banned_at === null ? "No" : `Since ${utcMinute(device.banned_at)}`}</Fact>
              </dl>
              <Form method="post" className="form form--inline">
                <input type="hidden" name="did" value={device.did} />
                {device.banned_at === null ? (
                  <>
                    <input type="hidden" name="intent" value="ban-device" />
                    <ReasonSelect id={`device-reason-${index}`} label="Reason (for the audit log)" reasons={reasons} />
                    <NoteField id={`device-note-${index}`} />
                    <button type="submit" className="button button--danger">
                      Ban this device
                    </button>
                  </>
                ) : (
                  <>
                    <input type="hidden" name="intent" value="unban-device" />
                    <NoteField id={`device-note-${index}`} />
                    <button type="submit" className="button button--secondary">
                      Unban this device
                    </button>
                  </>
                )}
              </Form>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SignIns({ person }: { person: Person }) {
  return (
    <section aria-labelledby="sign-ins">
      <h2 id="sign-ins">Sign-ins ({person.sign_ins.length})</h2>
      {person.sign_ins.length === 0 ? (
        <p>None kept (each is kept for the farm evidence's days).</p>
      ) : (
        <div className="table-scroll">
          <table className="audit">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Kind</th>
                <th scope="col">Device</th>
                <th scope="col">Network (prefix hash)</th>
              </tr>
            </thead>
            <tbody>
              {person.sign_ins.map((event, index) => (
                <tr key={index}>
                  <td>{utcMinute(event.at)}</td>
                  <td>{event.kind === "register" ? "Sign-up" : "Sign-in"}</td>
                  <td className="break">
                    <code>{event.did ?? "—"}</code>
                  </td>
                  <td className="break">
                    <code>{event.ip_prefix ?? "—"}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Team({ person }: { person: Person }) {
  const { team, inviters } = person;
  return (
    <section aria-labelledby="team">
      <h2 id="team">Team</h2>
      <dl className="facts facts--grid">
        <Fact term="Invited by" wide={inviters.length > 0}>
          {inviters[0] ? <PersonLink person={inviters[0]} /> : "Nobody"}
        </Fact>
        {inviters[1] ? (
          <Fact term="Whose inviter is" wide>
            <PersonLink person={inviters[1]} />
          </Fact>
        ) : null}
        <Fact term="Level-1 members">{team.level1}</Fact>
        <Fact term="Level-2 members">{team.level2}</Fact>
      </dl>
      {team.members.length ? (
        <>
          <h3>{team.members.length < team.level1 ? `Whom they invited: the newest ${team.members.length}` : "Whom they invited"}</h3>
          <ul className="person__links">
            {team.members.map((member) => (
              <li key={member.user_id}>
                <PersonLink person={member} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function Ledger({ person, olderFrom }: { person: Person; olderFrom: string | null }) {
  const { list, next_cursor } = person.ledger;
  return (
    <section aria-labelledby="ledger">
      <h2 id="ledger">Ledger</h2>
      {list.length === 0 ? (
        <p>No lines{olderFrom ? " older than these" : ""}.</p>
      ) : (
        <div className="table-scroll">
          <table className="audit">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Kind</th>
                <th scope="col">Asset</th>
                <th scope="col" className="num-col">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((line) => (
                <tr key={line.id}>
                  <td>{utcMinute(line.at)}</td>
                  <td>{line.kind}</td>
                  <td>{line.asset}</td>
                  <td className="num-col">{line.amount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="actions">
        {olderFrom ? <Link to={`${personPath(person.user_id)}#ledger`}>Newest lines</Link> : null}
        {next_cursor ? <Link to={`${personPath(person.user_id)}?ledger=${next_cursor}#ledger`}>Older lines</Link> : null}
      </p>
    </section>
  );
}

function Application({ person }: { person: Person }) {
  const { application } = person;
  return (
    <section aria-labelledby="application">
      <h2 id="application">Campaign application</h2>
      {application ? (
        <div className="review">
          <img
            className="review__picture"
            src={application.picture}
            alt={`Campaign application of user ${person.display_id}`}
            width={240}
            height={240}
          />
          <dl className="facts">
            <Fact term="Status">{application.status}</Fact>
            <Fact term="Submitted">{utcMinute(application.submitted_at)}</Fact>
            <Fact term="Contact">{application.contact}</Fact>
            {application.reasonWords ? <Fact term="Reason (the user read it)">{application.reasonWords}</Fact> : null}
          </dl>
        </div>
      ) : (
        <p>None.</p>
      )}
    </section>
  );
}

function outcomeOf(appeal: Person["appeals"][number]): string {
  if (appeal.outcome === null) return "Waiting for a decision";
  const how = appeal.outcome === "lifted" ? "Ban lifted" : appeal.outcome === "upheld" ? "Ban upheld" : appeal.outcome;
  return `${how} ${appeal.decided_at === null ? "" : utcMinute(appeal.decided_at)} by ${appeal.decided_by ?? "?"}`;
}

function Appeals({ person }: { person: Person }) {
  return (
    <section aria-labelledby="appeals">
      <h2 id="appeals">Appeals ({person.appeals.length})</h2>
      {person.appeals.length === 0 ? <p>None.</p> : null}
      <ul className="review-list">
        {person.appeals.map((appeal) => (
          <li key={appeal.id} className="card">
            <p className="hint">Sent {utcMinute(appeal.created_at)}</p>
            <p className="appeal__text">{appeal.text}</p>
            <p>
              {outcomeOf(appeal)}
              {appeal.outcome === null ? (
                <>
                  {" "}
                  (<Link to="/console/appeals">decide it in Appeals</Link>)
                </>
              ) : null}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
