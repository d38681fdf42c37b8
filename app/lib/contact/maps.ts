/**
 * Directions to a place in the visitor's maps app.
 *
 * A `geo:` URI opens a maps app on Android only, and an Apple Maps link only on Apple devices. A
 * Google "Maps URLs" directions link (documented, no API key, no script) works everywhere: it
 * opens the Google Maps app on Android and iOS when installed, and the maps website otherwise, with
 * the route from the visitor's position to the destination. Nothing is loaded until it is clicked.
 */
export function directionsUrl(latitude: number, longitude: number): string {
  const destination = `${latitude.toFixed(6)},${longitude.toFixed(6)}`
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`
}
