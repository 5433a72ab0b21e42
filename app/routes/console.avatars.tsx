import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { routes } from "#contract/routes.ts";
import { callConsole } from "#app/features/console/console-session.server.ts";
import { avatarReasons } from "#app/features/console/reasons.server.ts";
import { decide } from "#app/features/console/review.server.ts";
import { utcMinute } from "#app/features/console/utc-minute.ts";
import { ReviewQueue } from "#app/features/console/review-queue.tsx";

export async function loader({ request }: LoaderFunctionArgs) {
  const { items } = await callConsole(request, routes.operators.avatars);
  return { items, reasons: avatarReasons };
}

export const action = ({ request }: ActionFunctionArgs) => decide(request, routes.operators.reviewAvatar);

export default function ConsoleAvatars() {
  const { items, reasons } = useLoaderData<typeof loader>();
  return (
    <ReviewQueue
      heading="Avatars waiting for review"
      empty="No avatar waits for review."
      reasons={reasons}
      items={items.map((item) => ({
        userId: item.user_id,
        picture: item.picture,
        title: `Avatar of user ${item.display_id}`,
        facts: [
          ["User", `${item.display_id} (id ${item.user_id})`],
          ["Uploaded", utcMinute(item.uploaded_at)],
        ],
      }))}
    />
  );
}
