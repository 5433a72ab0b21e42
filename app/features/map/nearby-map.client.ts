import L from "leaflet";
import "leaflet.markercluster";
import { animalFace } from "#app/components/animal-face.ts";
import type { ShownNearbyUser } from "./map.server.ts";

/** A user on the map, with their name as the reader calls them (the marker's title). */
type MapUser = ShownNearbyUser & { label: string };

export interface MapOptions {
  center: { lat: number; lng: number };
  radiusKm: number;
  users: MapUser[];
  tiles: { url: string; attribution: string };
  youLabel: string;
  /** Called when the tile server keeps failing: the markers stay, the page says the map is incomplete. */
  onTilesFailed(): void;
}

/**
 * A marker of text or picture only, as the Avatar draws a person (picture, nickname's letter, or
 * their animal): Leaflet's image icons would need their PNGs, and a face says more.
 */
function personIcon(user: MapUser): L.DivIcon {
  const pin = document.createElement("span");
  pin.className = "map-pin";
  // The marker is named by its title (the person's name), not by what is drawn in it.
  pin.setAttribute("aria-hidden", "true");
  const animal = user.nickname ? undefined : animalFace(user.alias);
  if (user.avatar) {
    const img = document.createElement("img");
    img.src = user.avatar;
    img.alt = "";
    img.width = 32;
    img.height = 32;
    pin.append(img);
  } else if (animal) {
    pin.classList.add("map-pin--animal", animal.tint);
    pin.textContent = animal.emoji;
  } else {
    pin.textContent = Array.from(user.nickname)[0]?.toUpperCase() ?? "?";
  }
  return L.divIcon({ html: pin, className: "", iconSize: [36, 36], iconAnchor: [18, 18] });
}

const TILE_ERRORS_BEFORE_NOTICE = 4;

/**
 * Draws the people nearby on a tile map inside `element`, in clusters where they crowd, around
 * the user's own (rounded) point and the search radius; returns the clean-up. Browser only
 * (`.client`), and free of React so that loading it later changes no other page's chunks.
 */
export function drawNearbyMap(element: HTMLElement, options: MapOptions): () => void {
  const { center, radiusKm, users, tiles } = options;
  const map = L.map(element);
  const rtl = document.documentElement.dir === "rtl";
  map.attributionControl.setPrefix(false).setPosition(rtl ? "bottomleft" : "bottomright");
  map.zoomControl.setPosition(rtl ? "topright" : "topleft");
  const layer = L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 18 });
  let errors = 0;
  layer.on("tileerror", () => {
    if (++errors === TILE_ERRORS_BEFORE_NOTICE) options.onTilesFailed();
  });
  layer.addTo(map);
  // The view first: a circle can only measure itself on a map that has one.
  map.fitBounds(L.latLng(center.lat, center.lng).toBounds(radiusKm * 2000), { padding: [8, 8] });
  L.circle([center.lat, center.lng], { radius: radiusKm * 1000, weight: 1, className: "map-radius" }).addTo(map);
  L.circleMarker([center.lat, center.lng], { radius: 8, className: "map-you", weight: 3 }).bindTooltip(options.youLabel).addTo(map);
  const cluster = L.markerClusterGroup({ showCoverageOnHover: false, maxClusterRadius: 48 });
  for (const user of users) {
    cluster.addLayer(L.marker([user.lat, user.lng], { icon: personIcon(user), title: user.label, alt: user.label, keyboard: true }));
  }
  cluster.addTo(map);
  return () => {
    map.remove();
  };
}
