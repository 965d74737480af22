export { AppLink, hasSitePage } from './AppLink';
export { Button, ButtonLink } from './Button';
export { Field, TextArea } from './Field';
export { ChevronIcon, LockIcon } from './icons';
export { Modal } from './Modal';
export { Select, type SelectOption } from './Select';
export { Switch } from './Switch';
export { type TabItem, Tabs } from './Tabs';
