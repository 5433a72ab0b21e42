import { CONTACT_MAX, CONTACT_MIN } from "#contract/campaign-states.ts";
import { ErrorCode } from "#contract/errors.ts";
import { routes } from "#contract/routes.ts";
import { fromEpochSeconds } from "#contract/time.ts";
import { dateTimeFormat } from "#app/utils/intl.ts";
import { timeZoneOf } from "#app/utils/locale.server.ts";
import { dispatchIntent, field, intent, Refusal, type ActionAnswer } from "#app/utils/intent-action.server.ts";
import { pageTitle } from "#app/utils/page-title.server.ts";
import { callSignedIn, orUnavailable, requireSignedIn } from "#app/utils/request.server.ts";
import { chosenFile, readUploadForm, uploadPicture } from "#app/utils/upload.server.ts";

/** /campaign: the application's state and tasks; `?step=apply` opens the form when applying is allowed. */
export async function loadCampaign(request: Request) {
  const ctx = await requireSignedIn(request);
  const [campaign, title] = await orUnavailable(
    Promise.all([callSignedIn(request, ctx, routes.campaign.get), pageTitle(request, "title", "campaign")]),
  );
  const applying = new URL(request.url).searchParams.get("step") === "apply" && campaign.can_apply;
  const zone = timeZoneOf(request);
  const date = dateTimeFormat(ctx.locale, { dateStyle: "medium", timeZone: zone ?? "UTC" });
  const submitted = campaign.submitted_at === null ? null : date.format(fromEpochSeconds(campaign.submitted_at));
  return { title, campaign, applying, submitted };
}

/** The typed contact, checked as the API will, so a missing field is said before the photo is sent. */
function contactOf(form: FormData): string {
  const contact = field(form, "contact");
  const length = [...contact].length;
  if (length < CONTACT_MIN || length > CONTACT_MAX) throw new Refusal({ kind: "error", code: ErrorCode.campaignContactInvalid });
  return contact;
}

const INTENTS = {
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

export async function campaignAction(request: Request): Promise<ActionAnswer> {
  await requireSignedIn(request);
  const form = await readUploadForm(request);
  if (!(form instanceof FormData)) return form;
  return dispatchIntent(request, INTENTS, { page: "/campaign", keep: ["contact"], form });
}
