import * as Accordion from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import { support } from '@client/content';

/** The FAQ in four categories, each an accessible accordion (Radix: buttons with aria-expanded). */
export function Faq() {
  return (
    <section aria-labelledby="faq-heading" className="space-y-8">
      <h2 id="faq-heading" className="text-2xl font-bold">
        Frequently Asked Questions
      </h2>
      {support.faq.map((category) => (
        <div key={category.id}>
          <h3 className="text-lg font-semibold text-brand-800">{category.title}</h3>
          <Accordion.Root
            type="multiple"
            className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
          >
            {category.items.map((item, index) => (
              <Accordion.Item key={item.question} value={`${category.id}-${index}`}>
                <Accordion.Header asChild>
                  <h4>
                    <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-4 py-3 text-left font-medium hover:bg-slate-50">
                      {item.question}
                      <ChevronDown
                        className="size-5 shrink-0 text-slate-500 transition-transform group-data-[state=open]:rotate-180 motion-reduce:transition-none"
                        aria-hidden
                      />
                    </Accordion.Trigger>
                  </h4>
                </Accordion.Header>
                <Accordion.Content className="px-4 pb-4 text-slate-700">{item.answer}</Accordion.Content>
              </Accordion.Item>
            ))}
          </Accordion.Root>
        </div>
      ))}
    </section>
  );
}
