// The icon of each menu entry (menus.ts names them); imported one by one to keep the chunk small.
import {
  IconApi,
  IconApps,
  IconBuildingSkyscraper,
  IconChecklist,
  IconCircleDot,
  IconHelpCircle,
  IconLayoutDashboard,
  IconListDetails,
  IconPhoto,
  IconReportAnalytics,
  IconServer2,
  IconServerBolt,
  IconSpeakerphone,
  IconUsers,
  IconUsersGroup,
  IconWallet,
  type TablerIcon,
} from '@tabler/icons-react';

const MENU_ICONS: Record<string, TablerIcon> = {
  dashboard: IconLayoutDashboard,
  campaign: IconSpeakerphone,
  creative: IconPhoto,
  funds: IconWallet,
  audience: IconUsersGroup,
  inventory: IconListDetails,
  report: IconReportAnalytics,
  api: IconApi,
  help: IconHelpCircle,
  users: IconUsers,
  apps: IconApps,
  dsp: IconServer2,
  dspNew: IconServerBolt,
  agency: IconBuildingSkyscraper,
  approval: IconChecklist,
};

export const MenuIcon = ({ name, size = 20 }: { name: string; size?: number }) => {
  const Icon = MENU_ICONS[name] ?? IconCircleDot;
  return <Icon size={size} stroke={1.6} aria-hidden="true" focusable="false" />;
};
