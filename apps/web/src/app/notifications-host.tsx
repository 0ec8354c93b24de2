// The toast itself is core's Notification (its sheet is not in @mantine/notifications/styles.css).
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

// Bottom right: toasts stay 10 s (spec section 9), and at the top they covered the page's own toolbar
// buttons ("New creative", "New campaign") for that long.
const NotificationsHost = () => <Notifications position="bottom-right" limit={5} />;

export default NotificationsHost;
