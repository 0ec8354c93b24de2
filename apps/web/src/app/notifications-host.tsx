import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

const NotificationsHost = () => <Notifications position="top-right" limit={5} />;

export default NotificationsHost;
