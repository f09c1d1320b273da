// The bundled font files as built assets (the same TTF files the print PDF embeds), declared as one
// @font-face each. The browser fetches a face only when text uses it.
import anton400 from "@expo-google-fonts/anton/400Regular/Anton_400Regular.ttf?url";
import montserrat400 from "@expo-google-fonts/montserrat/400Regular/Montserrat_400Regular.ttf?url";
import montserrat700 from "@expo-google-fonts/montserrat/700Bold/Montserrat_700Bold.ttf?url";
import montserrat800 from "@expo-google-fonts/montserrat/800ExtraBold/Montserrat_800ExtraBold.ttf?url";
import dancing400 from "@expo-google-fonts/dancing-script/400Regular/DancingScript_400Regular.ttf?url";
import dancing700 from "@expo-google-fonts/dancing-script/700Bold/DancingScript_700Bold.ttf?url";
import playfair400 from "@expo-google-fonts/playfair-display/400Regular/PlayfairDisplay_400Regular.ttf?url";
import playfair700 from "@expo-google-fonts/playfair-display/700Bold/PlayfairDisplay_700Bold.ttf?url";
import robotoSlab400 from "@expo-google-fonts/roboto-slab/400Regular/RobotoSlab_400Regular.ttf?url";
import robotoSlab700 from "@expo-google-fonts/roboto-slab/700Bold/RobotoSlab_700Bold.ttf?url";
import { fontFamilyOf } from "./design-svg";

export const FONT_URLS: Record<string, string> = {
  "montserrat-400": montserrat400,
  "montserrat-700": montserrat700,
  "montserrat-800": montserrat800,
  "anton-400": anton400,
  "roboto-slab-400": robotoSlab400,
  "roboto-slab-700": robotoSlab700,
  "playfair-display-400": playfair400,
  "playfair-display-700": playfair700,
  "dancing-script-400": dancing400,
  "dancing-script-700": dancing700,
};

export function fontFaceCss(urls: Record<string, string> = FONT_URLS): string {
  return Object.entries(urls)
    .map(([id, url]) => `@font-face{font-family:"${fontFamilyOf(id)}";src:url("${url}") format("truetype");font-display:block}`)
    .join("\n");
}
