import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "#app/utils/translation.tsx";
import { isolate } from "#app/utils/format.ts";
import { BrandHeader } from "#app/components/brand-header.tsx";
import { personName, type Person } from "#app/components/person.tsx";
import type { authPageLoader } from "./auth-page.server.ts";
import { OtpForm, type OtpActionData } from "./otp-form.tsx";
import { PasskeySignIn } from "#app/features/passkeys/passkey-sign-in.tsx";

/** The page around the OTP form: brand, heading, the form, and the way to the other page. */
export function AuthPage({ mode }: { mode: "login" | "register" }) {
  const { t } = useTranslation();
  const data = useLoaderData<Awaited<ReturnType<typeof authPageLoader>>>() as unknown as {
    redirectTo?: string;
    invite?: string;
    inviter?: Person;
    passkeys: boolean;
  };
  const actionData = useActionData<OtpActionData>();
  const other = mode === "login" ? "register" : "login";
  return (
    <main className="page page--auth">
      <div className="band">
        <BrandHeader />
        <h1>{t(`auth:${mode}.heading`)}</h1>
        <p className="lead">{t(`auth:${mode}.lead`)}</p>
        {data.inviter ? <p className="lead">{t("auth:invitedBy", { name: isolate(personName(t, data.inviter)) })}</p> : null}
      </div>
      <OtpForm mode={mode} actionData={actionData} redirectTo={data.redirectTo} invite={data.invite} passkeys={data.passkeys} />
      {data.passkeys ? <PasskeySignIn redirectTo={actionData?.redirectTo ?? data.redirectTo} /> : null}
      <p className="switch">
        {t(`auth:${mode}.switchPrompt`)}{" "}
        <Link to={data.redirectTo ? `/${other}?redirectTo=${encodeURIComponent(data.redirectTo)}` : `/${other}`}>
          {t(`auth:${mode}.switchLink`)}
        </Link>
      </p>
    </main>
  );
}
