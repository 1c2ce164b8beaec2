/** Placeholder page until the certificates issue builds it. */
export default function Page() {
  return (
    <main className="mx-auto max-w-3xl p-6">
      <h1 className="text-2xl font-bold">Verify a Certificate</h1>
    </main>
  );
}
