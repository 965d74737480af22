import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { NotificationName, UsageContext } from '../../../contracts/accounts';
import type { CompanyActivitySector, CompanySize, JobTitle } from './context-options';

/**
 * Messages of the account views that are chosen at run time (machine message ids, option labels,
 * notification names). Declared with explicit ids so `lingui extract` finds them.
 */

/** Notices the sign-up machine puts in context (machines/constants.ts SIGN_UP_MESSAGES). */
export const SIGN_UP_NOTICES: MessageDescriptor[] = [
  msg({ id: 'account.forgot.success', message: 'If an account uses this address, we have e-mailed it a link to choose a new password.' }),
  msg({ id: 'account.resend.success', message: 'We have sent a new activation link. Check your inbox.' }),
  msg({ id: 'account.reset.success', message: 'Your new password is saved. Log in with it now.' }),
];

export const CONTEXT_LABELS: Record<UsageContext, { title: MessageDescriptor; text: MessageDescriptor }> = {
  ind: {
    title: msg({ id: 'account.context.ind.title', message: 'Individual' }),
    text: msg({ id: 'account.context.ind.text', message: 'I publish and read for myself: hobbies, family, personal projects.' }),
  },
  edu: {
    title: msg({ id: 'account.context.edu.title', message: 'Student' }),
    text: msg({ id: 'account.context.edu.text', message: 'I use Quire for school or university: courses, theses, student papers.' }),
  },
  pro: {
    title: msg({ id: 'account.context.pro.title', message: 'Professional' }),
    text: msg({ id: 'account.context.pro.text', message: 'I publish for a company or an organisation: catalogues, reports, magazines.' }),
  },
};

export const SECTOR_LABELS: Record<CompanyActivitySector, MessageDescriptor> = {
  agriculture_food: msg({ id: 'account.sector.agriculture_food', message: 'Agriculture and food' }),
  architecture_construction: msg({ id: 'account.sector.architecture_construction', message: 'Architecture and construction' }),
  arts_culture: msg({ id: 'account.sector.arts_culture', message: 'Arts and culture' }),
  education_research: msg({ id: 'account.sector.education_research', message: 'Education and research' }),
  finance_insurance: msg({ id: 'account.sector.finance_insurance', message: 'Finance and insurance' }),
  health_care: msg({ id: 'account.sector.health_care', message: 'Health care' }),
  hospitality_tourism: msg({ id: 'account.sector.hospitality_tourism', message: 'Hospitality and tourism' }),
  industry_manufacturing: msg({ id: 'account.sector.industry_manufacturing', message: 'Industry and manufacturing' }),
  it_software: msg({ id: 'account.sector.it_software', message: 'IT and software' }),
  marketing_advertising: msg({ id: 'account.sector.marketing_advertising', message: 'Marketing and advertising' }),
  media_publishing: msg({ id: 'account.sector.media_publishing', message: 'Media and publishing' }),
  non_profit: msg({ id: 'account.sector.non_profit', message: 'Non-profit and associations' }),
  public_sector: msg({ id: 'account.sector.public_sector', message: 'Public sector' }),
  real_estate: msg({ id: 'account.sector.real_estate', message: 'Real estate' }),
  retail_ecommerce: msg({ id: 'account.sector.retail_ecommerce', message: 'Retail and e-commerce' }),
  other: msg({ id: 'account.sector.other', message: 'Other' }),
};

export const JOB_TITLE_LABELS: Record<JobTitle, MessageDescriptor> = {
  owner_executive: msg({ id: 'account.job.owner_executive', message: 'Owner or executive' }),
  manager: msg({ id: 'account.job.manager', message: 'Manager or team lead' }),
  marketing: msg({ id: 'account.job.marketing', message: 'Marketing' }),
  communication: msg({ id: 'account.job.communication', message: 'Communication and PR' }),
  sales: msg({ id: 'account.job.sales', message: 'Sales' }),
  designer: msg({ id: 'account.job.designer', message: 'Designer' }),
  editor_journalist: msg({ id: 'account.job.editor_journalist', message: 'Editor or journalist' }),
  teacher_trainer: msg({ id: 'account.job.teacher_trainer', message: 'Teacher or trainer' }),
  engineer_developer: msg({ id: 'account.job.engineer_developer', message: 'Engineer or developer' }),
  consultant: msg({ id: 'account.job.consultant', message: 'Consultant' }),
  administration: msg({ id: 'account.job.administration', message: 'Administration and office' }),
  student_intern: msg({ id: 'account.job.student_intern', message: 'Intern or apprentice' }),
  other: msg({ id: 'account.job.other', message: 'Other' }),
};

export const COMPANY_SIZE_LABELS: Record<CompanySize, MessageDescriptor> = {
  '1': msg({ id: 'account.size.1', message: 'Just me' }),
  '2-10': msg({ id: 'account.size.2-10', message: '2–10 people' }),
  '11-50': msg({ id: 'account.size.11-50', message: '11–50 people' }),
  '51-200': msg({ id: 'account.size.51-200', message: '51–200 people' }),
  '201-1000': msg({ id: 'account.size.201-1000', message: '201–1,000 people' }),
  '1000+': msg({ id: 'account.size.1000+', message: 'More than 1,000 people' }),
};

/** SPEC §3 notification subscription model: what each switch means. */
export const NOTIFICATION_LABELS: Record<NotificationName, { title: MessageDescriptor; text: MessageDescriptor }> = {
  newsletter: {
    title: msg({ id: 'account.notifications.newsletter.title', message: 'Newsletter' }),
    text: msg({ id: 'account.notifications.newsletter.text', message: 'A monthly selection of publications, tips and stories.' }),
  },
  product_updates: {
    title: msg({ id: 'account.notifications.product_updates.title', message: 'Product news' }),
    text: msg({ id: 'account.notifications.product_updates.text', message: 'New features and important changes to Quire.' }),
  },
  comments: {
    title: msg({ id: 'account.notifications.comments.title', message: 'Comments' }),
    text: msg({ id: 'account.notifications.comments.text', message: 'When someone comments on one of your publications.' }),
  },
  subscribers: {
    title: msg({ id: 'account.notifications.subscribers.title', message: 'New subscribers' }),
    text: msg({ id: 'account.notifications.subscribers.text', message: 'When someone subscribes to your publications.' }),
  },
  statistics_digest: {
    title: msg({ id: 'account.notifications.statistics_digest.title', message: 'Weekly statistics digest' }),
    text: msg({
      id: 'account.notifications.statistics_digest.text',
      message: 'Each Monday, last week’s views, readers and reads of your publications, by e-mail.',
    }),
  },
  support_chat: {
    title: msg({ id: 'account.notifications.support_chat.title', message: 'Support chat' }),
    text: msg({
      id: 'account.notifications.support_chat.text',
      message: 'Load our support chat, run by a third party that receives your e-mail address, so you can ask us questions.',
    }),
  },
  page_testing: {
    title: msg({ id: 'account.notifications.page_testing.title', message: 'Page testing' }),
    text: msg({
      id: 'account.notifications.page_testing.text',
      message: 'Load a third-party tool that records how pages are used, so we can improve them.',
    }),
  },
};
