import { Form, useActionData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ErrorCode } from "#contract/errors.ts";
import { PASSKEY_NAME_MAX } from "#contract/passkey-name.ts";
import { useFieldError } from "#app/utils/field-error.tsx";
import type { IntentFailure } from "#app/utils/intent-action.server.ts";
import { useTranslation } from "#app/utils/translation.tsx";
import { useDeviceName } from "#app/features/profile/device-name.ts";
import { useAddPasskey } from "./use-add-passkey.ts";

interface PasskeyView {
  id: number;
  name: string;
  browser: string;
  os: string;
  synced: boolean;
  created: string;
  lastUsed: string | null;
}

/**
 * Your devices' passkeys: each with its name (or the device it was made on), when it was made and
 * last used, a rename and a remove; and a button to add one on this device. Shown only where the
 * browser has WebAuthn: elsewhere a passkey could be neither made nor used.
 */
export function PasskeysCard({ passkeys }: { passkeys: PasskeyView[] }) {
  const { t } = useTranslation();
  const [supported, setSupported] = useState(false);
  const { add, busy } = useAddPasskey();
  useEffect(() => setSupported(!!window.PublicKeyCredential), []);
  if (!supported) return null;
  return (
    <section className="card" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title">{t("passkeys:heading")}</h2>
      <p className="hint">{t("passkeys:lead")}</p>
      {passkeys.length > 0 ? (
        <ul className="sessions" aria-labelledby="passkeys-title">
          {passkeys.map((p) => (
            <PasskeyItem key={p.id} passkey={p} />
          ))}
        </ul>
      ) : (
        <p role="status">{t("passkeys:none")}</p>
      )}
      <button type="button" className="button button--block" onClick={() => void add()} disabled={busy}>
        {t("common:passkey.add")}
      </button>
    </section>
  );
}

function PasskeyItem({ passkey: p }: { passkey: PasskeyView }) {
  const { t } = useTranslation();
  const deviceName = useDeviceName();
  const failed = useActionData<IntentFailure>();
  const renamedHere = failed?.fields?.id === String(p.id);
  const nameError = useFieldError({ errorId: `passkey-name-error-${p.id}`, codes: renamedHere ? [ErrorCode.passkeyNameInvalid] : [] });
  const name = p.name || deviceName(p);
  return (
    <li className="sessions__item">
      <div className="sessions__head">
        <h3 className="list-row__title">
          <bdi>{name}</bdi>
        </h3>
        {p.synced ? <span className="chip">{t("passkeys:synced")}</span> : null}
      </div>
      <dl className="facts">
        <div>
          <dt>{t("passkeys:created")}</dt>
          <dd>{p.created}</dd>
        </div>
        <div>
          <dt>{t("passkeys:lastUsed")}</dt>
          <dd>{p.lastUsed ?? t("passkeys:neverUsed")}</dd>
        </div>
      </dl>
      <details className="passkey-rename" open={renamedHere && !!nameError.message}>
        <summary className="button button--secondary button--block">{t("passkeys:rename")}</summary>
        <Form method="post" preventScrollReset className="form" noValidate>
          <input type="hidden" name="id" value={p.id} />
          <div className="field">
            <label htmlFor={`passkey-name-${p.id}`}>{t("passkeys:name")}</label>
            <input
              id={`passkey-name-${p.id}`}
              name="name"
              maxLength={PASSKEY_NAME_MAX}
              autoComplete="off"
              defaultValue={renamedHere ? failed?.fields?.name : name}
              {...nameError.inputProps}
            />
            {nameError.message}
          </div>
          <button type="submit" name="intent" value="renamePasskey" className="button button--block">
            {t("passkeys:save")}
          </button>
        </Form>
      </details>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="id" value={p.id} />
        <button
          type="submit"
          name="intent"
          value="removePasskey"
          className="button button--danger-tint button--block"
          aria-label={t("passkeys:removeOne", { name })}
        >
          {t("passkeys:remove")}
        </button>
      </Form>
    </li>
  );
}
