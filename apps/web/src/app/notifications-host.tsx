// The toast itself is core's Notification (its sheet is not in @mantine/notifications/styles.css).
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

const NotificationsHost = () => <Notifications position="top-right" limit={5} />;

export default NotificationsHost;
