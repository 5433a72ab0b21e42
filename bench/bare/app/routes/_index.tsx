import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

export const meta: MetaFunction = () => [{ title: "Bare" }, { name: "description", content: "A bare Remix page" }];

export function loader() {
  return { name: "Ada", power: 120, balance: "12.50000000", round: 42, items: ["one", "two", "three"] };
}

export default function Index() {
  const data = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Hello, {data.name}</h1>
      <p>
        Power {data.power}, balance {data.balance} VV, round {data.round}
      </p>
      <ul>
        {data.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </main>
  );
}
