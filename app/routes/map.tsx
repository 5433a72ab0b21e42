import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import clusterHref from "leaflet.markercluster/dist/MarkerCluster.css?url";
import leafletHref from "leaflet/dist/leaflet.css?url";
import { MapPage } from "#app/features/map/map-page.tsx";
import mapHref from "#app/styles/map.css?url";
import { loadMap, mapAction } from "#app/features/map/map.server.ts";
import type { RouteHandle } from "#app/utils/i18n.ts";
import { titleFromData } from "#app/utils/title-meta.ts";

// Outside the signed-in tabs' layout: the map shows no profile, so none is loaded for it.
export const handle: RouteHandle = { i18n: ["map"] };
// The map's stylesheets load on this page only.
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: leafletHref },
  { rel: "stylesheet", href: clusterHref },
  { rel: "stylesheet", href: mapHref },
];
export const loader = ({ request }: LoaderFunctionArgs) => loadMap(request);
export const action = ({ request }: ActionFunctionArgs) => mapAction(request);
export const meta = titleFromData;
export default MapPage;
