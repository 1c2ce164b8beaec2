import { RefreshCw } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/field';

const randomOperand = () => Math.floor(Math.random() * 10) + 1;

/** Step 1's maths verification: the sum of two integers 1-10 (6 + 2 at first). */
export function useVerificationQuestion() {
  const [question, setQuestion] = useState({ a: 6, b: 2 });
  const [answer, setAnswer] = useState('');
  // The step is prerendered (docs/decisions/028): an answer typed before hydration is in the input
  // but not in the state; React leaves it there at hydration, and the next render would empty it.
  // Taken over once, after hydration.
  // (The other fields are react-hook-form's, which reads what is in the inputs when they register.)
  const answerInput = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    const typed = answerInput.current?.value;
    if (typed) setAnswer(typed);
  }, []);
  const solved = answer.trim() !== '' && Number(answer) === question.a + question.b;

  const newQuestion = () => {
    setQuestion({ a: randomOperand(), b: randomOperand() });
    setAnswer('');
  };

  return { question, answer, setAnswer, answerInput, solved, newQuestion };
}

/** The verification question, its answer and a button for another question. */
export function VerificationQuestion({
  question,
  answer,
  setAnswer,
  answerInput,
  solved,
  newQuestion,
}: ReturnType<typeof useVerificationQuestion>) {
  return (
    <fieldset className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">Verification</legend>
      <div className="flex flex-wrap items-end gap-3">
        <Field
          label={`What is ${question.a} + ${question.b}?`}
          inputMode="numeric"
          autoComplete="off"
          required
          className="w-40"
          ref={answerInput}
          value={answer}
          onChange={(event) => setAnswer(event.target.value)}
        />
        <Button variant="outline" onClick={newQuestion} aria-label="New verification question">
          <RefreshCw className="size-4" aria-hidden />
          New
        </Button>
        {solved && <span className="pb-2 text-sm font-semibold text-emerald-800">Verified</span>}
      </div>
    </fieldset>
  );
}
