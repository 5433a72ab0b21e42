/**
 * The home-screen card's only script, inline (a few hundred bytes, no request): where the browser
 * offers to install the web app (`beforeinstallprompt`, Chromium's browsers), its button
 * replaces the manual steps; the steps come back if the dialog is dismissed. ES5, for the old
 * webviews this page is opened in.
 */
export const INSTALL_OFFER_SCRIPT = `addEventListener("beforeinstallprompt",function(offer){
offer.preventDefault();
var button=document.querySelector("[data-install]"),steps=document.querySelector("[data-install-steps]");
if(!button)return;
button.hidden=false;steps.hidden=true;
button.querySelector("button").onclick=function(){
button.hidden=true;offer.prompt();
Promise.resolve(offer.userChoice).then(function(choice){if(!choice||choice.outcome!=="accepted")steps.hidden=false;});
};
});`;
