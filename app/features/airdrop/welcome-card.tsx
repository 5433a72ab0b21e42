import { useTranslation } from "#app/utils/translation.tsx";
import { NicknameForm } from "#app/features/profile/nickname-form.tsx";

/** Asks a new user, once, what to call them; saving comes back here. Skipping is simply scrolling on. */
export function WelcomeCard() {
  const { t } = useTranslation();
  return (
    <section className="card welcome" aria-labelledby="welcome-title">
      <h2 id="welcome-title">{t("profile:welcome.title")}</h2>
      <p className="hint">{t("profile:welcome.body")}</p>
      <NicknameForm redirectTo="/airdrop" />
    </section>
  );
}
