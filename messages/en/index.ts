// One JSON file per area; add an area here when a feature brings its own texts.
import common from "./common.json";
import newsletter from "./newsletter.json";
import newsletterAdmin from "./newsletter-admin.json";

export default { ...common, ...newsletter, ...newsletterAdmin };
