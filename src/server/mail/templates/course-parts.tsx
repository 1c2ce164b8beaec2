/** What both course emails end with: where to ask, and the community group. */
import { Link, Text } from '@react-email/components';
import type { ReactElement } from 'react';
import { messages } from '@shared/messages';
import type { CourseEmailData } from '../message-types';
import { paragraph } from './layout';

export function CourseHelp({ data }: { data: Pick<CourseEmailData, 'supportEmail' | 'communityUrl'> }): ReactElement {
  return (
    <>
      <Text style={paragraph}>
        <Link href={data.communityUrl}>{messages.email.courseCommunity}</Link>
      </Text>
      <Text style={paragraph}>{messages.email.courseHelp(data.supportEmail)}</Text>
    </>
  );
}
