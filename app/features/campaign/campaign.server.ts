import { data } from "@remix-run/node";
import { CONTACT_MAX, CONTACT_MIN } from "#contract/campaign-states.ts";
import { ErrorCode } from "#contract/errors.ts";
import { routes } from "#contract/routes.ts";
import { fromEpochSeconds } from "#contract/time.ts";
import { dateTimeFormat } from "#app/utils/intl.ts";
import { isolate, percentText } from "#app/utils/format.ts";
import { readerTimes, timeZoneOf } from "#app/utils/locale.server.ts";
import { dispatchIntent, field, intent, Refusal, type ActionAnswer, type StatusRefusal } from "#app/utils/intent-action.server.ts";
import { PICTURE_ERROR_CODES } from "#app/utils/picture-preview.ts";
import { pageTitle } from "#app/utils/page-title.server.ts";
import { callSignedIn, orUnavailable, requireSignedIn } from "#app/utils/request.server.ts";
import { chosenFile, pictureLimits, readUploadForm, uploadPicture } from "#app/utils/upload.server.ts";

/** /campaign: the application's state and tasks; `?step=apply` opens the form when applying is allowed. */
export async function loadCampaign(request: Request) {
  const ctx = await requireSignedIn(request);
  const [campaign, title] = await orUnavailable(
    Promise.all([callSignedIn(request, ctx, routes.campaign.get), pageTitle(request, "title", "campaign")]),
  );
  const applying = new URL(request.url).searchParams.get("step") === "apply" && campaign.can_apply;
  const zone = timeZoneOf(request);
  const date = dateTimeFormat(ctx.locale, { dateStyle: "medium", timeZone: zone ?? "UTC" });
  const dateOf = (at: number | null) => (at === null ? null : date.format(fromEpochSeconds(at)));
  const announceAt = campaign.announce_at === null ? null : readerTimes(request, ctx.locale, { dateStyle: "long" })(campaign.announce_at);
  return {
    title,
    campaign,
    applying,
    submitted: dateOf(campaign.submitted_at),
    approvedOn: dateOf(campaign.reviewed_at),
    announceAt: announceAt && isolate(announceAt),
    teamPercent: percentText(ctx.locale, campaign.team_l1_percent),
    picture: pictureLimits(ctx.locale),
  };
}

/** The typed contact, checked as the API will, so a missing field is said before the photo is sent. */
function contactOf(form: FormData): string {
  const contact = field(form, "contact");
  const length = [...contact].length;
  if (length < CONTACT_MIN || length > CONTACT_MAX) throw new Refusal({ kind: "error", code: ErrorCode.campaignContactInvalid });
  return contact;
}

/** The handle as typed, with the @ the API expects. */
function handleOf(form: FormData): string {
  const typed = field(form, "handle");
  return typed.startsWith("@") || !typed ? typed : `@${typed}`;
}

/**
 * Refusals that belong to one field of the page (useFieldError there), shown next to it and not
 * again as a toast. An account linked meanwhile elsewhere is not one: the field is gone then.
 */
const CAMPAIGN_FIELD_REFUSALS = [
  ErrorCode.campaignContactInvalid,
  ErrorCode.campaignPhotoRequired,
  ...PICTURE_ERROR_CODES,
  ErrorCode.socialInvalid,
  ErrorCode.socialTaken,
];

const INTENTS = {
  bind: intent({
    call: ({ api, form }) => api(routes.airdrop.bindSocial, { body: { twitter: handleOf(form) } }),
    success: (r) => ({ kind: "success", key: "campaign:toast.bound", params: { handle: r.twitter } }),
  }),
  apply: intent({
    call: async ({ api, form }) => {
      const contact = contactOf(form);
      const file = chosenFile(form, "photo");
      if (!file) throw new Refusal({ kind: "error", code: ErrorCode.campaignPhotoRequired });
      const photo = await uploadPicture(api, file, "campaign");
      return api(routes.campaign.apply, { body: { contact, photo: photo.urls.id } });
    },
    success: () => ({ kind: "success", key: "campaign:toast.submitted" }),
    next: () => "/campaign",
  }),
};

/** A photo too large to read arrives before any intent runs: it is the photo field's error all the same. */
function inPhotoField(refusal: StatusRefusal): StatusRefusal {
  const { toast } = refusal.data;
  return toast.code === ErrorCode.tooLarge
    ? data({ ...refusal.data, toast: { ...toast, inPage: true } }, refusal.init ?? undefined)
    : refusal;
}

export async function campaignAction(request: Request): Promise<ActionAnswer> {
  await requireSignedIn(request);
  const form = await readUploadForm(request);
  if (!(form instanceof FormData)) return inPhotoField(form);
  return dispatchIntent(request, INTENTS, { page: "/campaign", keep: ["contact", "handle"], form, inField: CAMPAIGN_FIELD_REFUSALS });
}
