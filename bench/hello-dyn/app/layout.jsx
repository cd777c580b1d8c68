// The framework's ceiling: a bare Next.js page built with the same Next.js version as the site.
export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
