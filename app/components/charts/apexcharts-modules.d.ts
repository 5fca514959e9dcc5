// apexcharts ships no types for its feature entry points; importing one only
// registers the feature with the core build.
declare module 'apexcharts/features/legend'
