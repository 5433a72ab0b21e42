import { useTranslation } from "#app/utils/translation.tsx";
import { AvatarStatus } from "#contract/profile-states.ts";
import { Chip } from "#app/components/chip.tsx";
import { useSignedInUser } from "#app/utils/signed-in-user.ts";

/** Where the user's avatar stands: approved (nothing to say), in review, or refused. */
export function AvatarState() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  if (user.avatar_status === AvatarStatus.inReview) return <Chip tone="brand">{t("profile:avatar.inReview")}</Chip>;
  if (user.avatar_status === AvatarStatus.rejected) return <Chip tone="danger">{t("profile:avatar.rejected")}</Chip>;
  return null;
}
