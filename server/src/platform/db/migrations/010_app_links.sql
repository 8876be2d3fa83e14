-- App links are off until an operator sets real store addresses: the shipped '/introduction'
-- made every download button lead back to a page of text. An empty value hides the button.
update params set value = '', updated_at = now()
 where key in ('down_url', 'android_url', 'ios_url') and value = '/introduction';
