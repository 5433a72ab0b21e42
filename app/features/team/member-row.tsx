import { useTranslation } from "#app/utils/translation.tsx";
import type { TeamMember } from "#contract/team.ts";
import { Avatar } from "#app/components/avatar.tsx";
import { Chip, type ChipTone } from "#app/components/chip.tsx";
import { Icon } from "#app/components/icons.tsx";
import { ListRow } from "#app/components/list-row.tsx";
import { PersonName } from "#app/components/person.tsx";
import { compactNumber } from "#app/utils/format.ts";

/** A member as the page gets them: the join date already written for the reader's clock. */
export type ShownMember = TeamMember & { joined: string };

const TONES: Record<TeamMember["mint_status"], ChipTone> = {
  not_open: "neutral",
  wait: "brand",
  minting: "success",
  suspend: "danger",
};

/** One teammate: who, since when, their own Soul Power, and where their airdrop stands. */
export function MemberRow({ member }: { member: ShownMember }) {
  const { t } = useTranslation();
  return (
    <ListRow
      as="li"
      leading={<Avatar src={member.avatar} person={member} small />}
      title={<PersonName person={member} />}
      subtitle={
        <>
          <Chip tone={TONES[member.mint_status]}>{t(`team:status.${member.mint_status}`)}</Chip>
          <span>{t("team:members.joined", { date: member.joined })}</span>
        </>
      }
      trailing={
        <span className="member__power">
          <Icon name="power" small />
          <span className="visually-hidden">{t("team:members.power")}</span>
          <bdi dir="ltr" className="num">
            {compactNumber(member.power)}
          </bdi>
        </span>
      }
    />
  );
}
