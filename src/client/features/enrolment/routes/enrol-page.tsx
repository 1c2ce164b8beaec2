/** Placeholder page until the enrolment issue builds it. */
export default function Page() {
  return (
    <main className="mx-auto max-w-3xl p-6">
      <h1 className="text-2xl font-bold">Enrolment</h1>
    </main>
  );
}
