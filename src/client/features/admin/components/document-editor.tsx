/**
 * A form for a JSON document of texts, lists and groups (the site's content): each text an input (a
 * long one a text area), a list of texts a text area with one per line, a list of groups a fieldset
 * per item that can be added, moved and removed. The document's shape gives the form; `labels` name
 * the fields, `templates` give a new item of each list of groups.
 */
import { Button } from '@client/components/ui/button';
import { Field, TextAreaField } from '@client/components/ui/field';

export type DocValue = string | DocValue[] | { [key: string]: DocValue };
type Group = { [key: string]: DocValue };

export interface EditorSpec {
  /** A field's label by its key (`answer`), else its key in words. */
  labels: Record<string, string>;
  /** The fields shown as a text area by key. */
  long: ReadonlySet<string>;
  /** A new item for each list of groups, by the list's key (`entries`). */
  templates: Record<string, Group>;
}

const words = (key: string) => key.charAt(0).toUpperCase() + key.slice(1).replaceAll('_', ' ');

export function DocumentEditor(props: {
  value: DocValue;
  path: string[];
  name: string;
  spec: EditorSpec;
  errors: Record<string, string>;
  /** The list item this field is in ("Category 2"), which names the items of a list inside it. */
  within?: string;
  onChange: (value: DocValue) => void;
}) {
  const { value, path, name, spec, errors, within, onChange } = props;
  const label = spec.labels[name] ?? words(name);
  const error = errors[path.join('.')];
  if (typeof value === 'string') {
    return spec.long.has(name) ? (
      <TextAreaField
        className=""
        label={label}
        value={value}
        rows={3}
        maxLength={2000}
        error={error}
        onChange={onChange}
      />
    ) : (
      <Field label={label} value={value} error={error} onChange={(event) => onChange(event.target.value)} />
    );
  }
  if (Array.isArray(value) && (value.length === 0 ? !(name in spec.templates) : typeof value[0] === 'string')) {
    return (
      <TextAreaField
        className=""
        label={`${label} (one per line)`}
        value={value.join('\n')}
        rows={Math.max(3, value.length + 1)}
        maxLength={4000}
        error={error}
        // Kept as typed (an empty line while typing the next); `tidyDocument` drops empty lines before a save.
        onChange={(text) => onChange(text.split('\n'))}
      />
    );
  }
  if (Array.isArray(value)) return <GroupList {...props} value={value as Group[]} label={label} error={error} />;
  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 font-semibold">{label}</legend>
      {Object.entries(value).map(([key, child]) => (
        <DocumentEditor
          key={key}
          value={child}
          path={[...path, key]}
          name={key}
          spec={spec}
          errors={errors}
          within={within}
          onChange={(next) => onChange({ ...value, [key]: next })}
        />
      ))}
    </fieldset>
  );
}

/** A list of groups: each item's fields, with Move up, Move down and Remove, and Add at the end. */
function GroupList(props: {
  value: Group[];
  path: string[];
  name: string;
  label: string;
  error: string | undefined;
  spec: EditorSpec;
  errors: Record<string, string>;
  within?: string;
  onChange: (value: DocValue) => void;
}) {
  const { value, path, name, label, error, spec, errors, within, onChange } = props;
  const singular = spec.labels[`${name}.item`] ?? 'Item';
  const move = (from: number, to: number) => {
    const next = [...value];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next);
  };
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 font-semibold">{label}</legend>
      {error && <p className="text-sm text-red-700">{error}</p>}
      {value.map((item, index) => {
        const title = `${singular} ${index + 1}`;
        const named = within ? `${within}, ${title}` : title;
        return (
          <div key={index} role="group" aria-label={named} className="space-y-3 rounded-md bg-slate-50 p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm font-semibold text-slate-800">{title}</p>
              <div className="flex gap-1">
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  disabled={index === 0}
                  aria-label={`Move ${named} up`}
                  onClick={() => move(index, index - 1)}
                >
                  Up
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  disabled={index === value.length - 1}
                  aria-label={`Move ${named} down`}
                  onClick={() => move(index, index + 1)}
                >
                  Down
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  aria-label={`Remove ${named}`}
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                >
                  Remove
                </Button>
              </div>
            </div>
            {Object.entries(item).map(([key, child]) => (
              <DocumentEditor
                key={key}
                value={child}
                path={[...path, String(index), key]}
                name={key}
                spec={spec}
                errors={errors}
                within={named}
                onChange={(next) => onChange(value.map((each, i) => (i === index ? { ...each, [key]: next } : each)))}
              />
            ))}
          </div>
        );
      })}
      {spec.templates[name] && (
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => onChange([...value, structuredClone(spec.templates[name]!)])}
        >
          Add {singular.toLowerCase()}
        </Button>
      )}
    </fieldset>
  );
}

/** The document as it is saved: each text trimmed, the empty lines of a list of texts dropped. */
export function tidyDocument(value: DocValue): DocValue {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) return value.map(tidyDocument).filter((item) => typeof item !== 'string' || item !== '');
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, tidyDocument(child)]));
}
