export const dynamic = "force-static";

export default function Hello() {
  return <p>hello</p>;
}
