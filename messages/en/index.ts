// One JSON file per area; add an area here when a feature brings its own texts.
import common from "./common.json";

export default { ...common };
