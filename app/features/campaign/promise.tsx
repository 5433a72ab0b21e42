import { Icon } from "#app/components/icons.tsx";
import { ListRow } from "#app/components/list-row.tsx";
import { useTranslation } from "#app/utils/translation.tsx";

/**
 * What approval brings, said before anyone applies: the citizen's title and card, the share of a
 * friend's power the card's link brings (the rule in force), and when and where the winners are
 * announced (the configured date; none promised while it is not set).
 */
export function CampaignPromise(props: { teamPercent: string; announceAt: string | null; announceUrl: string | null }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="promise-title">
      <h2 id="promise-title" className="card__title">
        {t("campaign:promise.title")}
      </h2>
      <ul className="tasks">
        <ListRow as="li" icon="profile" title={t("campaign:promise.citizen")} subtitle={t("campaign:promise.citizenBody")} />
        <ListRow
          as="li"
          icon="team"
          title={t("campaign:promise.team")}
          subtitle={t("campaign:promise.teamBody", { percent: props.teamPercent })}
        />
        <ListRow
          as="li"
          icon="calendar"
          title={props.announceAt ? t("campaign:promise.winnersOn", { date: props.announceAt }) : t("campaign:promise.winners")}
          subtitle={t("campaign:promise.winnersBody")}
        />
      </ul>
      {props.announceUrl ? (
        <a href={props.announceUrl} className="button button--secondary button--block" rel="noopener noreferrer" target="_blank">
          <Icon name="follow" small />
          {t("campaign:announce.link")}
        </a>
      ) : null}
    </section>
  );
}
