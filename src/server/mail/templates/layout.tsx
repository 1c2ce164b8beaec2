/** The frame every email shares: the site's name and colours, one column, readable on a phone. */
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import { Fragment, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import { messages } from '@shared/messages';
import { ROUTES } from '@shared/routes';

/** What every template may link to. */
export interface TemplateContext {
  /** PUBLIC_URL without a trailing slash. */
  siteUrl: string;
  /**
   * Where "Open my dashboard" leads: a one-time sign-in link when the e-mail is being sent to a
   * student (jobs/email-outbox.ts), else the sign-in page.
   */
  dashboardUrl?: string;
  /**
   * The one-click unsubscribe page of the recipient's address, for non-transactional e-mails
   * (mail/marketing.ts): the footer offers it, as the List-Unsubscribe header does.
   */
  unsubscribeUrl?: string;
}

export const dashboardUrl = (site: TemplateContext) => site.dashboardUrl ?? `${site.siteUrl}${ROUTES.studentLogin}`;

export const colours = {
  brand: '#6d28d9',
  brandDark: '#4c1d95',
  brandLight: '#f5f3ff',
  text: '#1f2937',
  muted: '#6b7280',
} as const;

export const paragraph = { fontSize: '16px', lineHeight: '24px', color: colours.text, margin: '0 0 16px' };

export function EmailLayout(props: {
  preview: string;
  title: string;
  children: ReactNode;
  /** Why the reader gets this email; by default, because they enrolled. */
  footer?: string;
  /** Shown after the footer: how to stop e-mails like this one. */
  unsubscribeUrl?: string;
}): ReactElement {
  return (
    <Html lang="en">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </Head>
      <Preview>{props.preview}</Preview>
      <Body style={{ backgroundColor: colours.brandLight, fontFamily: 'Helvetica, Arial, sans-serif', margin: 0 }}>
        <Container style={{ maxWidth: '560px', width: '100%', margin: '0 auto', padding: '24px 12px' }}>
          <Section style={{ backgroundColor: colours.brand, borderRadius: '8px 8px 0 0', padding: '16px 24px' }}>
            <Text style={{ color: '#ffffff', fontSize: '18px', fontWeight: 700, margin: 0 }}>
              {messages.email.siteName}
            </Text>
          </Section>
          <Section style={{ backgroundColor: '#ffffff', borderRadius: '0 0 8px 8px', padding: '24px' }}>
            <Heading
              as="h1"
              style={{ color: colours.brandDark, fontSize: '22px', lineHeight: '30px', margin: '0 0 16px' }}
            >
              {props.title}
            </Heading>
            {props.children}
            <Text style={paragraph}>{messages.email.signOff}</Text>
          </Section>
          <Hr style={{ borderColor: '#ddd6fe', margin: '16px 0' }} />
          <Text style={{ fontSize: '12px', lineHeight: '18px', color: colours.muted, margin: 0 }}>
            {props.footer ?? messages.email.footer}
            {props.unsubscribeUrl ? (
              <>
                {' '}
                <Link href={props.unsubscribeUrl} style={{ color: colours.muted, textDecoration: 'underline' }}>
                  {messages.email.unsubscribeLink}
                </Link>
              </>
            ) : null}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export function ActionButton(props: { href: string; children: ReactNode }): ReactElement {
  return (
    <Section style={{ margin: '8px 0 24px' }}>
      <Button
        href={props.href}
        style={{
          backgroundColor: colours.brand,
          color: '#ffffff',
          borderRadius: '6px',
          padding: '12px 20px',
          fontSize: '16px',
          fontWeight: 600,
          textDecoration: 'none',
        }}
      >
        {props.children}
      </Button>
    </Section>
  );
}

/**
 * Plain text typed by an admin (a broadcast, a reply) as paragraphs: blank lines separate them, a
 * single line break stays one. React escapes the text, so nothing typed becomes markup.
 */
export function PlainTextParagraphs(props: { text: string; style?: CSSProperties }): ReactElement {
  const paragraphs = props.text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
  return (
    <>
      {paragraphs.map((part, i) => (
        <Text key={i} style={props.style ?? paragraph}>
          {part.split('\n').map((line, j) => (
            <Fragment key={j}>
              {j > 0 ? <br /> : null}
              {line}
            </Fragment>
          ))}
        </Text>
      ))}
    </>
  );
}
