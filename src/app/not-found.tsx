import "./reader.css";

// Paths outside the localised routes (the proxy did not match them) still get the spec's 404 page.
export default function GlobalNotFound() {
  return (
    <html lang="es">
      <body className="flex min-h-screen items-center justify-center bg-paper text-ink">
        <main className="text-center">
          <h1 className="font-serif text-4xl font-bold">Page Not Found</h1>
          <p className="mt-4">
            <a className="underline" href="/">
              Volver al inicio
            </a>
          </p>
        </main>
      </body>
    </html>
  );
}
