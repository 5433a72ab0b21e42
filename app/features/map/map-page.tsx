import { Form, Link, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Avatar } from "#app/components/avatar.tsx";
import { EmptyState } from "#app/components/empty-state.tsx";
import { ListRow } from "#app/components/list-row.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { PersonName, personName } from "#app/components/person.tsx";
import { useHydrated } from "#app/utils/hydrated.ts";
import { useTranslation } from "#app/utils/translation.tsx";
import type { loadMap, ShownNearbyUser } from "./map.server.ts";

type MapData = ReturnType<typeof useLoaderData<typeof loadMap>>;

type Problem = "denied" | "unavailable" | "unsupported";

/**
 * Asks the phone for its position only when the user presses the button (after the page has
 * said what is kept and who sees it), then posts it to the page's action.
 */
function ShareButton({ again }: { again: boolean }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const posting = useNavigation().formData?.get("intent") === "share";
  const [finding, setFinding] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const fail = (reason: Problem) => {
    setFinding(false);
    setProblem(reason);
  };
  const share = () => {
    if (!("geolocation" in navigator)) return fail("unsupported");
    setFinding(true);
    setProblem(null);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setFinding(false);
        submit({ intent: "share", lat: coords.latitude.toFixed(6), lng: coords.longitude.toFixed(6) }, { method: "post" });
      },
      (error) => fail(error.code === error.PERMISSION_DENIED ? "denied" : "unavailable"),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 600_000 },
    );
  };
  const busy = finding || posting;
  return (
    <div className="map-share">
      <button
        type="button"
        className={again ? "button button--secondary button--block" : "button button--block"}
        onClick={share}
        disabled={busy}
        aria-describedby={problem ? "share-problem" : undefined}
      >
        {busy ? t("map:share.finding") : t(again ? "map:share.again" : "map:share.button")}
      </button>
      {problem ? (
        <p id="share-problem" className="field__error" role="alert">
          {t(`map:share.${problem}`)}
        </p>
      ) : null}
    </div>
  );
}

function Intro() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  return (
    <section className="card" aria-labelledby="map-intro-title">
      <h2 id="map-intro-title">{t("map:intro.title")}</h2>
      <p>{t("map:intro.body")}</p>
      <ul className="how">
        <li>{t("map:intro.kept")}</li>
        <li>{t("map:intro.shown")}</li>
        <li>{t("map:intro.stop")}</li>
      </ul>
      {hydrated ? <ShareButton again={false} /> : null}
      <noscript>
        <p className="notice notice--warn">{t("map:noScript")}</p>
      </noscript>
    </section>
  );
}

function NearbyRow({ user }: { user: ShownNearbyUser }) {
  const { t } = useTranslation();
  return (
    <ListRow
      as="li"
      leading={<Avatar src={user.avatar || undefined} person={user} small />}
      title={<PersonName person={user} />}
      subtitle={user.km ? t("map:nearby.distance", { distance: user.km }) : t("map:nearby.close")}
    />
  );
}

function Nearby({ nearby }: { nearby: MapData["nearby"] }) {
  const { t } = useTranslation();
  const { list, limit, radius_km: radius } = nearby;
  const summary =
    list.length >= limit ? t("map:nearby.atLeast", { count: limit, radius }) : t("map:nearby.count", { count: list.length, radius });
  return (
    <section className="card" aria-labelledby="nearby-title">
      <h2 id="nearby-title">{t("map:nearby.title")}</h2>
      {list.length === 0 ? (
        <EmptyState>
          <p>{t("map:nearby.none", { radius })}</p>
        </EmptyState>
      ) : (
        <>
          <p className="hint" role="status">
            {summary}
          </p>
          <ul className="members">
            {list.map((user, i) => (
              <NearbyRow key={`${user.lat},${user.lng},${i}`} user={user} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

type MapState = "loading" | "drawn" | "tilesFailed" | "failed";

/**
 * The map itself, drawn in the browser only. Leaflet and its cluster plugin are fetched when
 * the map is drawn: no other page, and not this page's first load, carries them.
 */
function MapView({ data }: { data: MapData }) {
  const { t } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<MapState>("loading");
  const { nearby, tiles } = data;
  const youLabel = t("map:map.you");
  useEffect(() => {
    let cleanUp: (() => void) | undefined;
    let gone = false;
    import("./nearby-map.client.ts").then(
      ({ drawNearbyMap }) => {
        if (gone || !element.current) return;
        cleanUp = drawNearbyMap(element.current, {
          center: nearby.center!,
          radiusKm: nearby.radius_km,
          users: nearby.list.map((user) => ({ ...user, label: personName(t, user) })),
          tiles,
          youLabel,
          onTilesFailed: () => setState("tilesFailed"),
        });
        setState("drawn");
      },
      () => setState("failed"),
    );
    return () => {
      gone = true;
      cleanUp?.();
    };
  }, [nearby, tiles, youLabel, t]);
  return (
    <section className="card map-card" aria-label={t("map:map.label")}>
      <div ref={element} className="map-view" hidden={state === "failed"} />
      {state === "loading" ? <p className="map-card__status">{t("map:map.loading")}</p> : null}
      {state === "failed" || state === "tilesFailed" ? (
        <p className="map-card__status" role="status">
          {t("map:map.failed")}
        </p>
      ) : null}
      <noscript>
        <p className="map-card__status">{t("map:noScript")}</p>
      </noscript>
    </section>
  );
}

/** /map: what sharing means, then (once shared) the map, the people nearby and the way to stop. */
export function MapPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loadMap>();
  const hydrated = useHydrated();
  const stopping = useNavigation().formData?.get("intent") === "stop";
  return (
    <main className="page">
      <PageHeader title={t("map:title")}>
        <p className="lead">
          <Link to="/mine" className="band__link">
            {t("map:back")}
          </Link>
        </p>
      </PageHeader>
      {data.nearby.located ? (
        <>
          <MapView data={data} />
          <Nearby nearby={data.nearby} />
          <section className="card" aria-labelledby="map-stop-title">
            <h2 id="map-stop-title" className="visually-hidden">
              {t("map:stop.button")}
            </h2>
            {hydrated ? <ShareButton again /> : null}
            <Form method="post">
              <button type="submit" name="intent" value="stop" className="button button--danger button--block" disabled={stopping}>
                {t("map:stop.button")}
              </button>
            </Form>
            <p className="hint">{t("map:stop.hint")}</p>
          </section>
        </>
      ) : (
        <Intro />
      )}
    </main>
  );
}
